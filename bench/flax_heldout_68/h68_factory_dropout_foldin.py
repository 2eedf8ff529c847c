# label: ok
# flax-error: none
# class: 4 a factory returns a sample function that folds the fori_loop index into its closed-over dropout key
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax


class DropoutMLP(nn.Module):
    hidden: int = 32
    rate: float = 0.2

    @nn.compact
    def __call__(self, x, train: bool = False):
        x = nn.relu(nn.Dense(self.hidden)(x))
        x = nn.Dropout(rate=self.rate)(x, deterministic=not train)
        return nn.Dense(2)(x)


def make_sample_fn(model, params, key):
    def sample(x, step):
        return model.apply({"params": params}, x, train=True, rngs={"dropout": jax.random.fold_in(key, step)})

    return sample


def mc_predict(sample_fn, x, num_samples):
    first = jax.eval_shape(lambda: sample_fn(x, 0))
    out = jnp.zeros((num_samples,) + first.shape, first.dtype)

    def body(i, acc):
        return acc.at[i].set(sample_fn(x, i))

    return lax.fori_loop(0, num_samples, body, out)


def main():
    model = DropoutMLP()
    x = jnp.ones((3, 5))
    params = model.init(jax.random.PRNGKey(0), x)["params"]
    sample_fn = make_sample_fn(model, params, jax.random.PRNGKey(42))
    return mc_predict(sample_fn, x, 6)
