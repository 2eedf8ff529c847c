# label: same-values
# flax-error: none
# class: 3 a raw scan draws Monte-Carlo dropout samples with model.apply given one closed-over dropout key; the Dropout sits in blocks the model builds through RematBlock = nn.remat(Block)
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
    def draw(carry, _):
        y = model.apply(variables, x, deterministic=False, rngs={"dropout": key})
        return carry, y

    _, ys = jax.lax.scan(draw, 0, None, length=num_samples)
    return ys


def main():
    model = Forecaster()
    x = jnp.ones((3, 5))
    variables = model.init(jax.random.PRNGKey(0), x)
    return predictive_samples(model, variables, x, jax.random.PRNGKey(7), 4)
