# label: same-values
# flax-error: none
# class: 1 a Linen module runs a raw lax.scan over MC-dropout samples whose body calls a Dropout submodule from setup; the shared head runs on the stacked passes
"""Monte-Carlo dropout uncertainty head: the module draws T stochastic forward passes of its
head with a lax.scan inside __call__; an Evaluator applies it with a dropout key.
main() returns the dropout masks of each MC sample (step = sample)."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MCDropoutHead(nn.Module):
    num_samples: int = 6
    rate: float = 0.5

    def setup(self):
        self.hidden = nn.Dense(16)
        self.dropout = nn.Dropout(self.rate, deterministic=False)
        self.out = nn.Dense(3)

    def __call__(self, x):
        h = nn.relu(self.hidden(x))

        def one_pass(carry, _):
            dropped = self.dropout(jnp.ones_like(h))
            return carry, (h * dropped, dropped > 0)

        _, (hs, masks) = jax.lax.scan(one_pass, None, None, length=self.num_samples)
        probs = jax.nn.softmax(self.out(hs))
        return probs.mean(0), probs.var(0), masks


class Evaluator:
    def __init__(self, model, params, seed=0):
        self.model = model
        self.params = params
        self.rng = jax.random.PRNGKey(seed)

    def predict(self, x):
        self.rng, key = jax.random.split(self.rng)
        return self.model.apply({"params": self.params}, x, rngs={"dropout": key})


def main():
    model = MCDropoutHead()
    x = jnp.ones((2, 8))
    params = model.init({"params": jax.random.PRNGKey(0), "dropout": jax.random.PRNGKey(1)}, x)["params"]
    evaluator = Evaluator(model, params)
    _, _, masks = evaluator.predict(x)
    return masks
