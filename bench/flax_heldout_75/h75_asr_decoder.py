# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "hidden" in "/" because collection "cache" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 2 a speech service wraps model.apply in a greedy-decode scan; the decoder writes its "cache" collection but the call passes no mutable
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
        self.decoder, self.dec_vars = decoder, dec_vars
        self.bos_id, self.max_len = bos_id, max_len

    def _decode_step(self, token, enc):
        return self.decoder.apply(self.dec_vars, token, enc, decode=True)

    def transcribe(self, frames):
        enc = self.encoder.apply(self.enc_vars, frames)
        tokens = jnp.full((frames.shape[0],), self.bos_id, jnp.int32)

        def step(token, _):
            logits = self._decode_step(token, enc)
            nxt = jnp.argmax(logits, axis=-1).astype(jnp.int32)
            return nxt, nxt

        _, hyp = lax.scan(step, tokens, None, length=self.max_len)
        return hyp.T


def main():
    frames = jax.random.normal(jax.random.key(3), (2, 20, 10))
    encoder, decoder = AcousticEncoder(), RecurrentDecoder()
    enc_vars = encoder.init(jax.random.key(0), frames)
    enc = encoder.apply(enc_vars, frames)
    dec_vars = decoder.init(jax.random.key(1), jnp.zeros((2,), jnp.int32), enc, decode=True)
    SpeechRecognitionService(encoder, enc_vars, decoder, dec_vars).transcribe(frames)
    return None
