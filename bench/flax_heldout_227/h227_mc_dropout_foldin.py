# label: ok
# flax-error: none
# class: 2 the dropout key is a local argument of mc_predict; each scan step folds in its sample index before passing rngs={'dropout': ...}
"""Monte Carlo dropout uncertainty estimate with a raw scan over samples.

Twin of h227_mc_dropout: the scan runs over the sample indices and each step folds its index into
the dropout key, so every sample gets its own mask.
"""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Classifier(nn.Module):
    classes: int = 3
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, train=False):
        h = nn.relu(nn.Dense(32)(x))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        h = nn.relu(nn.Dense(32)(h))
        h = nn.Dropout(self.rate, deterministic=not train)(h)
        return nn.Dense(self.classes)(h)


def mc_predict(model, params, x, key, num_samples):
    def sample(carry, i):
        step_key = jax.random.fold_in(key, i)
        logits = model.apply({"params": params}, x, train=True, rngs={"dropout": step_key})
        return carry, jax.nn.softmax(logits)

    _, probs = jax.lax.scan(sample, None, jnp.arange(num_samples))
    return probs


def main():
    model = Classifier()
    x = jax.random.normal(jax.random.key(0), (4, 5))
    params = model.init(jax.random.key(1), x)["params"]
    probs = mc_predict(model, params, x, jax.random.key(2), num_samples=8)
    return probs
