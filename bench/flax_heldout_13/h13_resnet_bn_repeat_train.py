# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[16] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a shared residual block with BatchNorm in train mode applied in a jax.checkpoint-wrapped lax.scan body, batch_stats updated there
import functools

import jax
import jax.numpy as jnp
from flax import linen as nn

ModuleDef = type(nn.Dense)


class ResidualBlock(nn.Module):
    features: int
    norm: ModuleDef

    @nn.compact
    def __call__(self, x):
        y = nn.Dense(self.features)(x)
        y = self.norm()(y)
        return x + nn.relu(y)


class TiedResNet(nn.Module):
    features: int = 16
    repeats: int = 3

    @nn.compact
    def __call__(self, x, train: bool = True):
        norm = functools.partial(nn.BatchNorm, use_running_average=not train, momentum=0.9)
        x = nn.Dense(self.features, name="stem")(x)
        block = ResidualBlock(self.features, norm, name="block")
        x = block(x)

        @jax.checkpoint
        def body(h, _):
            return block(h), None

        x, _ = jax.lax.scan(body, x, None, length=self.repeats)
        return nn.Dense(10, name="head")(x.mean(axis=0, keepdims=True))


def main():
    model = TiedResNet()
    x = jax.random.normal(jax.random.key(1), (8, 5))
    variables = model.init(jax.random.key(0), x)
    variables = jax.tree.map(lambda a: a + 0, variables)
    logits, updates = model.apply(variables, x, train=True, mutable=["batch_stats"])
    jax.tree.map(lambda a: a + 0, updates)
    return None
