# label: same-values
# flax-error: none
# class: 1 the confidence head's own method runs the fori_loop and calls its dropout submodule in the body
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax


class ConfidenceHead(nn.Module):
    keywords: int
    rate: float = 0.4

    def setup(self):
        self.hidden = nn.Dense(16)
        self.dropout = nn.Dropout(self.rate)
        self.logits = nn.Dense(self.keywords)

    def __call__(self, embedding, deterministic=True):
        h = nn.relu(self.hidden(embedding))
        return self.logits(self.dropout(h, deterministic=deterministic))

    def mc_probs(self, embedding, passes: int):
        h = nn.relu(self.hidden(embedding))

        def one_pass(i, probs):
            dropped = self.dropout(h, deterministic=False)
            return probs.at[i].set(jax.nn.softmax(self.logits(dropped)))

        return lax.fori_loop(0, passes, one_pass, jnp.zeros((passes,) + h.shape[:-1] + (self.keywords,)))


class KeywordConfidenceService:
    def __init__(self, key, dim=12, keywords=4):
        self.head = ConfidenceHead(keywords)
        self.variables = self.head.init(key, jnp.zeros((1, dim)))

    def confidence(self, embedding, passes, key):
        return self.head.apply(
            self.variables, embedding, passes, method=ConfidenceHead.mc_probs, rngs={"dropout": key})


def main():
    service = KeywordConfidenceService(jax.random.key(0))
    embedding = jnp.tile(jnp.linspace(-1.0, 1.0, 12), (2, 1))
    return service.confidence(embedding, 6, jax.random.key(3))
