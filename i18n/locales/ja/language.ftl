### 言語に関する文字列：言語を選ぶ設定。

cmd-settings-language = パネル・個人用画像・DMの言語
cmd-settings-server_language = このサーバーのゲームスレッドと盤面の言語（サーバー管理）
language-auto = Discordの言語に合わせる
settings-language = あなたの言語：**{ $language }**
settings-language-auto = あなたの言語：**{ $language }**（Discordの設定に合わせています。/hadara settings language: で変更できます）
settings-server_language = このサーバーのゲームスレッドと盤面：**{ $language }**
list-sep = 、
