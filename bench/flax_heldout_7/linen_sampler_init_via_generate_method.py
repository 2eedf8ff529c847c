# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[20,16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 init(..., method=generate): the submodules are first called (created) inside the raw scan of the sampling method
import jax
import jax.numpy as jnp
import flax.linen as nn


class CharLM(nn.Module):
    vocab: int = 20
    width: int = 16

    def setup(self):
        self.embed = nn.Embed(self.vocab, self.width)
        self.cell = nn.LSTMCell(self.width)
        self.head = nn.Dense(self.vocab)

    def generate(self, prompt_token, keys):
        carry = self.cell.initialize_carry(jax.random.PRNGKey(0), (1, self.width))

        def sample_step(state, key):
            carry, tok = state
            carry, h = self.cell(carry, self.embed(tok))
            nxt = jax.random.categorical(key, self.head(h))
            return (carry, nxt), nxt[0]

        _, toks = jax.lax.scan(sample_step, (carry, prompt_token), keys)
        return toks


def main():
    lm = CharLM()
    prompt = jnp.array([3])
    keys = jax.random.split(jax.random.PRNGKey(4), 12)
    variables = lm.init(jax.random.PRNGKey(0), prompt, keys, method=CharLM.generate)
    toks = lm.apply(variables, prompt, keys, method=CharLM.generate)
    return toks
