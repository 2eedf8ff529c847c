# label: ok
# flax-error: none
# class: 2 a speech service wraps model.apply in a greedy-decode scan; the "cache" collection rides in the carry and comes back through mutable=["cache"]
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax


class RecurrentDecoder(nn.Module):
    vocab: int = 12
    dim: int = 16

    @nn.compact
    def __call__(self, token, enc, decode: bool = False):
        initialized = self.has_variable("cache", "hidden")
        hidden = self.variable("cache", "hidden", jnp.zeros, (token.shape[0], self.dim))
        emb = nn.Embed(self.vocab, self.dim, name="embed")(token)
        h = nn.tanh(nn.Dense(self.dim, name="wx")(emb) + nn.Dense(self.dim, name="wh")(hidden.value) + enc)
        if decode and initialized:
            hidden.value = h
        return nn.Dense(self.vocab, name="logits")(h)


class AcousticEncoder(nn.Module):
    dim: int = 16

    @nn.compact
    def __call__(self, frames):
        return nn.Dense(self.dim)(jnp.mean(nn.gelu(nn.Dense(32)(frames)), axis=1))


class SpeechRecognitionService:
    def __init__(self, encoder, enc_vars, decoder, dec_vars, bos_id=0, max_len=6):
        self.encoder, self.enc_vars = encoder, enc_vars
        self.decoder = decoder
        self.dec_params, self.init_cache = dec_vars["params"], dec_vars["cache"]
        self.bos_id, self.max_len = bos_id, max_len

    def _decode_step(self, cache, token, enc):
        logits, updates = self.decoder.apply(
            {"params": self.dec_params, "cache": cache}, token, enc, decode=True, mutable=["cache"])
        return logits, updates["cache"]

    def transcribe(self, frames):
        enc = self.encoder.apply(self.enc_vars, frames)
        tokens = jnp.full((frames.shape[0],), self.bos_id, jnp.int32)

        def step(carry, _):
            cache, token = carry
            logits, cache = self._decode_step(cache, token, enc)
            nxt = jnp.argmax(logits, axis=-1).astype(jnp.int32)
            return (cache, nxt), nxt

        _, hyp = lax.scan(step, (self.init_cache, tokens), None, length=self.max_len)
        return hyp.T


def main():
    frames = jax.random.normal(jax.random.key(3), (2, 20, 10))
    encoder, decoder = AcousticEncoder(), RecurrentDecoder()
    enc_vars = encoder.init(jax.random.key(0), frames)
    enc = encoder.apply(enc_vars, frames)
    dec_vars = decoder.init(jax.random.key(1), jnp.zeros((2,), jnp.int32), enc, decode=True)
    SpeechRecognitionService(encoder, enc_vars, decoder, dec_vars).transcribe(frames)
    return None
