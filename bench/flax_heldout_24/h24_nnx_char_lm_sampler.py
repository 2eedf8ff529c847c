# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 TextSampler.generate runs a raw lax.while_loop whose body calls the bound method _next_token, which draws keys from the nnx.Rngs stream held on the sampler
# modelled on: google/flax examples/gemma/sampler.py (temperature sampling in jax.lax.while_loop) and google/flax PR #4216 "[nnx] add Randomness guide"
"""Temperature sampling from a character-level GRU language model."""
import jax
import jax.numpy as jnp
from flax import nnx


class CharLM(nnx.Module):
    def __init__(self, vocab: int, hidden: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, hidden, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.head = nnx.Linear(hidden, vocab, rngs=rngs)

    def __call__(self, h, token):
        h, _ = self.cell(h, self.embed(token))
        return h, self.head(h)


class TextSampler:
    def __init__(self, model: CharLM, rngs: nnx.Rngs, temperature: float = 0.8):
        self.model = model
        self.rngs = rngs
        self.temperature = temperature

    def _next_token(self, logits, step):
        key = self.rngs.sample()
        return jax.random.categorical(key, logits / self.temperature, axis=-1)

    def generate(self, first_tokens, length: int, hidden: int):
        batch = first_tokens.shape[0]

        def cond_fn(state):
            return state[0] < length

        def body_fn(state):
            step, h, token, out = state
            h, logits = self.model(h, token)
            token = self._next_token(logits, step)
            return step + 1, h, token, out.at[step].set(token)

        init = (0, jnp.zeros((batch, hidden)), first_tokens, jnp.zeros((length, batch), jnp.int32))
        return jax.lax.while_loop(cond_fn, body_fn, init)[3]


def main():
    model = CharLM(vocab=12, hidden=16, rngs=nnx.Rngs(0))
    sampler = TextSampler(model, nnx.Rngs(sample=42))
    tokens = sampler.generate(jnp.zeros((16,), jnp.int32), length=6, hidden=16)
    print(tokens.T[:2])
    return tokens
