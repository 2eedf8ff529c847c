# label: same-values
# flax-error: none
# class: 3 a `predictive_samples` method scans `self(x, deterministic=False)`; the Dropout sits two modules down (Trunk -> setup list of MLPBlocks); returns the per-step samples
import jax
import jax.numpy as jnp
import flax.linen as nn


class MLPBlock(nn.Module):
    @nn.compact
    def __call__(self, x, deterministic: bool):
        x = nn.relu(nn.Dense(8)(x))
        return nn.Dropout(0.3)(x, deterministic=deterministic)


class Trunk(nn.Module):
    def setup(self):
        self.blocks = [MLPBlock() for _ in range(2)]

    def __call__(self, x, deterministic: bool):
        for block in self.blocks:
            x = block(x, deterministic)
        return x


class Regressor(nn.Module):
    def setup(self):
        self.trunk = Trunk()
        self.head = nn.Dense(1)

    def __call__(self, x, deterministic: bool = True):
        return self.head(self.trunk(x, deterministic))

    def predictive_samples(self, x):
        def body(carry, _):
            return carry, self(x, deterministic=False)
        return jax.lax.scan(body, None, None, length=4)[1]


def main():
    x = jnp.ones((3, 5))
    model = Regressor()
    variables = model.init(jax.random.key(0), x)
    return model.apply(variables, x, method=Regressor.predictive_samples, rngs={"dropout": jax.random.key(1)})
