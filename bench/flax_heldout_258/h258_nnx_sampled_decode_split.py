# label: ok
# flax-error: none
# class: 4 Seq2Seq.sample_candidates draws one key from the stream reached through self.sampler, splits it outside the loop and scans the keys as xs
import jax
import jax.numpy as jnp
import flax.nnx as nnx

lax = jax.lax

VOCAB, DIM, REPLY_LEN = 10, 12, 3
BOS = 1


class Encoder(nnx.Module):
    def __init__(self, *, rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.proj = nnx.Linear(DIM, DIM, rngs=rngs)

    def __call__(self, src):
        return jnp.tanh(self.proj(self.embed(src).mean(axis=1)))


class Decoder(nnx.Module):
    def __init__(self, *, rngs):
        self.embed = nnx.Embed(VOCAB, DIM, rngs=rngs)
        self.cell = nnx.GRUCell(DIM, DIM, rngs=rngs)
        self.out = nnx.Linear(DIM, VOCAB, rngs=rngs)

    def __call__(self, h, token):
        h, y = self.cell(h, self.embed(token))
        return h, self.out(y)


class TemperatureSampler(nnx.Module):
    def __init__(self, temperature, rngs):
        self.temperature = temperature
        self.rngs = rngs

    def __call__(self, logits, key):
        return jax.random.categorical(key, logits / self.temperature, axis=-1)


class Seq2Seq(nnx.Module):
    def __init__(self, *, rngs):
        self.encoder = Encoder(rngs=rngs)
        self.decoder = Decoder(rngs=rngs)
        self.sampler = TemperatureSampler(0.8, nnx.Rngs(sample=1234))

    def reply(self, memory, batch, key):
        h, token, tokens = memory, jnp.full((batch,), BOS), []
        for step_key in jax.random.split(key, REPLY_LEN):
            h, logits = self.decoder(h, token)
            token = self.sampler(logits, step_key)
            tokens.append(token)
        return jnp.stack(tokens, axis=-1)

    def sample_candidates(self, src, n_candidates):
        memory = self.encoder(src)
        keys = jax.random.split(self.sampler.rngs.sample(), n_candidates)

        def draw(carry, key):
            return carry, self.reply(memory, src.shape[0], key)

        _, candidates = lax.scan(draw, None, keys)
        return candidates


def main():
    model = Seq2Seq(rngs=nnx.Rngs(0))
    src = jnp.array([[2, 3, 4, 5], [6, 7, 8, 9]])
    return model.sample_candidates(src, n_candidates=5)
