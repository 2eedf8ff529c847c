# label: same-values
# flax-error: none
# class: 2 nn.Dropout bound to local `drop` before the loop and called in the raw scan body (its make_rng is traced once)
"""MC-dropout predictive uncertainty: T stochastic forward passes in a raw scan."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class Regressor(nn.Module):
    hidden: int = 64
    rate: float = 0.3

    @nn.compact
    def __call__(self, x, mc_samples: int = 0):
        feat = nn.relu(nn.Dense(self.hidden)(x))
        drop = nn.Dropout(self.rate, deterministic=False)
        head = nn.Dense(1)
        if mc_samples == 0:
            return head(drop(feat))

        def one_pass(_, __):
            return None, head(drop(feat))

        _, preds = jax.lax.scan(one_pass, None, None, length=mc_samples)
        return preds


def predictive(model, params, x, key, T=5):
    preds = model.apply(params, x, T, rngs={"dropout": key})
    return preds.mean(0), preds.std(0), preds


def coverage(mean, std, y, z=1.96):
    return jnp.mean((jnp.abs(y - mean) <= z * std).astype(jnp.float32))


def main():
    model = Regressor()
    x = jnp.linspace(-1, 1, 6)[:, None]
    params = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, x)
    mean, std, preds = predictive(model, params, x, jax.random.key(2))
    cov = coverage(mean, std, jnp.sin(3 * x))
    return preds
