# label: ok
# flax-error: none
# class: 4 an `evaluate` method scans `self.backbone(x, train=False)`; the BatchNorm two modules down (setup list of ResBlocks) reads running averages
import jax
import jax.numpy as jnp
import flax.linen as nn


class ResBlock(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        return x + nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))


class Backbone(nn.Module):
    def setup(self):
        self.blocks = [ResBlock() for _ in range(2)]

    def __call__(self, x, train: bool):
        for block in self.blocks:
            x = block(x, train)
        return x


class Net(nn.Module):
    def setup(self):
        self.backbone = Backbone()

    def __call__(self, x, train: bool = True):
        return self.backbone(x, train)

    def evaluate(self, xs):
        def body(total, x):
            return total + self.backbone(x, train=False).sum(), None
        return jax.lax.scan(body, jnp.zeros(()), xs)[0]


def main():
    xs = jnp.ones((3, 2, 4))
    model = Net()
    variables = model.init(jax.random.key(0), xs[0])
    jax.tree.map(lambda a: a + 0, variables)
    total = model.apply(variables, xs, method=Net.evaluate)
    jax.tree.map(lambda a: a + 0, total)
