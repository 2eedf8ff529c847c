# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 Seq2Seq.sample_candidates reaches the nnx.Rngs stream through self.sampler (a TemperatureSampler) and draws from it inside the lax.scan body
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

    def __call__(self, logits):
        return jax.random.categorical(self.rngs.sample(), logits / self.temperature, axis=-1)


class Seq2Seq(nnx.Module):
    def __init__(self, *, rngs):
        self.encoder = Encoder(rngs=rngs)
        self.decoder = Decoder(rngs=rngs)
        self.sampler = TemperatureSampler(0.8, nnx.Rngs(sample=1234))

    def reply(self, memory, batch):
        h, token, tokens = memory, jnp.full((batch,), BOS), []
        for _ in range(REPLY_LEN):
            h, logits = self.decoder(h, token)
            token = self.sampler(logits)
            tokens.append(token)
        return jnp.stack(tokens, axis=-1)

    def sample_candidates(self, src, n_candidates):
        memory = self.encoder(src)

        def draw(carry, _):
            return carry, self.reply(memory, src.shape[0])

        _, candidates = lax.scan(draw, None, None, length=n_candidates)
        return candidates


def main():
    model = Seq2Seq(rngs=nnx.Rngs(0))
    src = jnp.array([[2, 3, 4, 5], [6, 7, 8, 9]])
    return model.sample_candidates(src, n_candidates=5)
