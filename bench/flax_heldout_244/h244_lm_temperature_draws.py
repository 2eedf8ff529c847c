# label: same-values
# flax-error: none
# class: 2 TinyLM.draw takes one key from self.make_rng("sample") into a local, and the scan body closes over that local
"""Temperature sampling from a small GRU language model: draw several candidate next tokens for
the same prompt (e.g. for best-of-n reranking)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class TinyLM(nn.Module):
    vocab: int = 10
    hidden: int = 16

    @nn.compact
    def __call__(self, tokens):
        embed = nn.Embed(self.vocab, self.hidden)
        cell = nn.GRUCell(features=self.hidden)
        head = nn.Dense(self.vocab)
        h = jnp.zeros((self.hidden,))
        logits = []
        for t in range(tokens.shape[0]):
            h, out = cell(h, embed(tokens[t]))
            logits.append(head(out))
        return jnp.stack(logits)

    def draw(self, prompt, num_draws: int, temperature: float = 1.0):
        next_logits = self(prompt)[-1] / temperature
        rng = self.make_rng("sample")

        def body(count, _):
            token = jax.random.categorical(rng, next_logits)
            return count + 1, token

        _, tokens = jax.lax.scan(body, 0, None, length=num_draws)
        return tokens


def main():
    lm = TinyLM()
    prompt = jnp.array([3, 1, 4, 1, 5])
    params = lm.init(jax.random.PRNGKey(0), prompt)["params"]
    tokens = lm.apply({"params": params}, prompt, 8, 1.5, method=TinyLM.draw,
                      rngs={"sample": jax.random.PRNGKey(123)})
    return tokens
