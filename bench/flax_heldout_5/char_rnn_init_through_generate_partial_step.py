# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 char-RNN initialised with init(..., method=generate); the scan step is functools.partial(self._sample_step, temperature=...) and is where the GRU cell is first called
"""Character-level RNN sampler. The params are created by initialising through the sampling
method itself (init(..., method=CharRNN.generate)), so the first call of every submodule
happens inside the lax.scan that generate() runs."""
import functools

import jax
import jax.numpy as jnp
import flax.linen as nn


class CharRNN(nn.Module):
    vocab_size: int = 20
    hidden: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab_size, 8)
        self.cell = nn.GRUCell(self.hidden)
        self.readout = nn.Dense(self.vocab_size)

    def __call__(self, tokens):
        h = jnp.zeros((tokens.shape[0], self.hidden))
        outs = []
        for t in range(tokens.shape[1]):
            h, y = self.cell(h, self.embed(tokens[:, t]))
            outs.append(self.readout(y))
        return jnp.stack(outs, axis=1)

    def _sample_step(self, carry, key, temperature):
        h, token = carry
        h, y = self.cell(h, self.embed(token))
        logits = self.readout(y) / temperature
        token = jax.random.categorical(key, logits).astype(jnp.int32)
        return (h, token), token

    def generate(self, prime, key, length=5):
        h = jnp.zeros((prime.shape[0], self.hidden))
        step = functools.partial(self._sample_step, temperature=0.8)
        keys = jax.random.split(key, length)
        _, tokens = jax.lax.scan(step, (h, prime), keys)
        return tokens.T


def main():
    model = CharRNN()
    prime = jnp.array([1, 2], jnp.int32)
    variables = model.init(jax.random.PRNGKey(0), prime, jax.random.PRNGKey(1), method=CharRNN.generate)
    sample = model.apply(variables, prime, jax.random.PRNGKey(2), method=CharRNN.generate)
    assert sample.shape == (2, 5)
    return None
