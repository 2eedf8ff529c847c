# label: ok
# flax-error: none
# class: 3 the same `predictive_samples` scan calling `self(x)` on the default deterministic=True: no Dropout mask is drawn
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
            return carry, self(x)
        return jax.lax.scan(body, None, None, length=4)[1]


def main():
    x = jnp.ones((3, 5))
    model = Regressor()
    variables = model.init(jax.random.key(0), x)
    samples = model.apply(variables, x, method=Regressor.predictive_samples)
    jax.tree.map(lambda a: a + 0, samples)
