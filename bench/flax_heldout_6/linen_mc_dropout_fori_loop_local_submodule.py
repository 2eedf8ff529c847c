# label: same-values
# flax-error: none
# class: 2 a compact Dropout bound to a local before a lax.fori_loop that fills an array of Monte Carlo predictions, deterministic=False
import jax
import jax.numpy as jnp
import flax.linen as fnn


class MCRegressor(fnn.Module):
    n_samples: int = 5

    @fnn.compact
    def __call__(self, x):
        h = fnn.relu(fnn.Dense(16)(x))
        drop = fnn.Dropout(rate=0.5, deterministic=False)
        head = fnn.Dense(1)
        first = head(drop(h))
        preds = jnp.zeros((self.n_samples,) + first.shape).at[0].set(first)

        def body(i, acc):
            return acc.at[i].set(head(drop(h)))

        return jax.lax.fori_loop(1, self.n_samples, body, preds)


def main():
    model = MCRegressor()
    x = jnp.ones((3, 4))
    params = model.init({"params": jax.random.key(0), "dropout": jax.random.key(1)}, x)
    preds = model.apply(params, x, rngs={"dropout": jax.random.key(2)})
    return preds[1:]
