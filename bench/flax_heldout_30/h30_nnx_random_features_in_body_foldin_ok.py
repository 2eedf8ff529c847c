# label: ok
# flax-error: none
# class: 1 a RandomFourierFeatures NNX module is constructed inside the raw fori_loop body from nnx.Rngs(params=fold_in(key, i))
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class RandomFourierFeatures(nnx.Module):
    def __init__(self, din, n_features, *, rngs: nnx.Rngs):
        self.proj = nnx.Linear(din, n_features, kernel_init=nnx.initializers.normal(1.0),
                               bias_init=nnx.initializers.uniform(2 * jnp.pi), rngs=rngs)
        self.n_features = n_features

    def __call__(self, x):
        return jnp.sqrt(2.0 / self.n_features) * jnp.cos(self.proj(x))


def rbf(x):
    d2 = jnp.sum((x[:, None, :] - x[None, :, :]) ** 2, -1)
    return jnp.exp(-0.5 * d2)


def estimate_kernel(x, key, n_draws=4, n_features=8):
    # resample the feature map each draw and keep every draw's Gram matrix
    def body(i, grams):
        rff = RandomFourierFeatures(x.shape[-1], n_features,
                                    rngs=nnx.Rngs(params=jax.random.fold_in(key, i)))
        feats = rff(x)
        return grams.at[i].set(feats @ feats.T)

    return jax.lax.fori_loop(0, n_draws, body, jnp.zeros((n_draws, x.shape[0], x.shape[0])))


def main():
    x = jax.random.normal(jax.random.key(0), (3, 2))
    grams = estimate_kernel(x, jax.random.key(5))
    err = jnp.abs(grams.mean(0) - rbf(x)).max()
    print("max error", err)
    return grams
