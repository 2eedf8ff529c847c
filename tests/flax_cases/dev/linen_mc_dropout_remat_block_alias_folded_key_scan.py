# label: ok
# flax-error: none
# class: 3 the same Monte-Carlo dropout scan folds the sample index into the dropout key, so each sample draws its own mask
import jax
import jax.numpy as jnp
import flax.linen as nn


class Block(nn.Module):
    width: int

    @nn.compact
    def __call__(self, x, deterministic: bool):
        h = nn.gelu(nn.Dense(self.width)(x))
        return nn.Dropout(0.4)(h, deterministic=deterministic)


class Forecaster(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool = True):
        RematBlock = nn.remat(Block, static_argnums=(2,))
        for i in range(2):
            x = RematBlock(8, name=f"block_{i}")(x, deterministic)
        return nn.Dense(1)(x)[..., 0]


def predictive_samples(model, variables, x, key, num_samples):
    def draw(carry, i):
        y = model.apply(variables, x, deterministic=False, rngs={"dropout": jax.random.fold_in(key, i)})
        return carry, y

    _, ys = jax.lax.scan(draw, 0, jnp.arange(num_samples))
    return ys


def main():
    model = Forecaster()
    x = jnp.ones((3, 5))
    variables = model.init(jax.random.PRNGKey(0), x)
    return predictive_samples(model, variables, x, jax.random.PRNGKey(7), 4)
