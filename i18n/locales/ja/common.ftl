### プレイヤー向けの文言：共通（すべての cog で使う はい／いいえ、エラー、権限）。

common-yes = はい
common-no = いいえ
common-error-generic = こちら側で問題が発生しました。記録済みですので、もう一度お試しください。
common-error-guild_only = このコマンドはサーバー内で使えます。ダイレクトメッセージでは使えません。
common-error-bot_permission = このチャンネルで次の権限が必要です：{ $permissions }。サーバー管理者に付与を依頼してから、もう一度お試しください。
common-error-user_permission = その操作には次の権限が必要です：{ $permissions }。
common-error-not_allowed = ここではその操作は許可されていません。
common-error-cooldown = 少し落ち着いてください。{ $seconds }秒後にもう一度お試しください。
common-error-bad_value = 値「{ $value }」を読み取れませんでした。
common-error-dm_closed = ダイレクトメッセージを送れません（このサーバーからのDMが閉じられています）。
common-error-forbidden = Discordに拒否されました：このチャンネルでの権限が足りません。
common-error-not_found = そのメッセージまたはチャンネルはもう存在しません。
common-error-discord_down = 現在Discordで問題が発生しています。しばらくしてからもう一度お試しください。
common-permission-view_channel = チャンネルを見る
common-permission-send_messages = メッセージを送信
common-permission-create_public_threads = 公開スレッドを作成
common-permission-send_messages_in_threads = スレッドでメッセージを送信
common-permission-embed_links = 埋め込みリンク
common-permission-attach_files = ファイルを添付
common-permission-read_message_history = メッセージ履歴を読む
common-permission-manage_threads = スレッドの管理
common-permission-manage_guild = サーバー管理
