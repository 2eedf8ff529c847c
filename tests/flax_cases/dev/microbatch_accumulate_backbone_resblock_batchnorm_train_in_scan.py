# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a microbatch `accumulate` method scans `self.head(self.backbone(x, train=True))`; a BatchNorm two modules down (Backbone -> ResBlock) runs in training mode; applied with mutable batch_stats
import jax
import jax.numpy as jnp
import flax.linen as nn


class ResBlock(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        return x + nn.BatchNorm(use_running_average=not train)(nn.Dense(4)(x))


class Backbone(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool):
        for i in range(2):
            x = ResBlock(name=f"block_{i}")(x, train)
        return x


class Net(nn.Module):
    def setup(self):
        self.backbone = Backbone()
        self.head = nn.Dense(2)

    def __call__(self, x, train: bool = False):
        return self.head(self.backbone(x, train))

    def accumulate(self, micro_xs):
        def body(total, x):
            return total + self.head(self.backbone(x, train=True)).sum(), None
        return jax.lax.scan(body, jnp.zeros(()), micro_xs)[0]


def main():
    micro_xs = jnp.ones((3, 2, 4))
    model = Net()
    variables = model.init(jax.random.key(0), micro_xs[0])
    jax.tree.map(lambda a: a + 0, variables)
    total, updates = model.apply(variables, micro_xs, method=Net.accumulate, mutable=["batch_stats"])
    jax.tree.map(lambda a: a + 0, (total, updates))
