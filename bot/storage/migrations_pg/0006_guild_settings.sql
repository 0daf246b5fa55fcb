-- 0006: per-server settings (the language of public messages and board images, …) as JSON.
CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    settings TEXT   NOT NULL DEFAULT '{}' CHECK (settings::json IS NOT NULL)
);
