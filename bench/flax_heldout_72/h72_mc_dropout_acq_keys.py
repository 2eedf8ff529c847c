# label: ok
# flax-error: none
# class: 5 per-sample dropout keys split outside and fed to the raw lax.scan as xs
"""Active learning: MC dropout acquisition in lax.scan with one dropout key per sample."""
import jax
import jax.numpy as jnp
from flax import linen as nn


class MLP(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.relu(nn.Dense(32)(x))
        x = nn.Dropout(0.5, deterministic=not train)(x)
        return nn.Dense(3)(x)


def mc_probs(model, params, pool, key, n_samples=5):
    def sample(_, k):
        logits = model.apply(params, pool, train=True, rngs={"dropout": k})
        return None, jax.nn.softmax(logits)

    _, probs = jax.lax.scan(sample, None, jax.random.split(key, n_samples))
    return probs


def main():
    model = MLP()
    pool = jax.random.normal(jax.random.key(1), (16, 4))
    params = model.init(jax.random.key(0), pool, train=False)
    probs = mc_probs(model, params, pool, jax.random.key(2))
    mean = probs.mean(0)
    entropy = -(mean * jnp.log(mean + 1e-9)).sum(-1)
    query = jnp.argsort(-entropy)[:4]
    return probs
