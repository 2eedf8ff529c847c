# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 setup layers that sow their gate are run through `zip(self.layers, hs)` in a step method the generate scan body calls; applied with mutable intermediates
import jax
import jax.numpy as jnp
import flax.linen as nn


class GatedLayer(nn.Module):
    @nn.compact
    def __call__(self, h, x):
        gate = nn.sigmoid(nn.Dense(4)(h + x))
        self.sow("intermediates", "gate", gate.mean())
        return gate * h


class LM(nn.Module):
    def setup(self):
        self.layers = [GatedLayer() for _ in range(2)]

    def step(self, hs, x):
        new = []
        for layer, h in zip(self.layers, hs):
            x = layer(h, x)
            new.append(x)
        return tuple(new), x

    def __call__(self, x):
        return self.step((x, x), x)[1]

    def generate(self, x):
        def body(hs, _):
            hs, y = self.step(hs, x)
            return hs, y
        return jax.lax.scan(body, (x, x), None, length=3)[1]


def run(model, params, x):
    return model.apply({"params": params}, x, method=LM.generate, mutable=["intermediates"])


def main():
    x = jnp.ones((2, 4))
    model = LM()
    variables = model.init(jax.random.key(0), x)
    jax.tree.map(lambda a: a + 0, variables)
    ys, state = run(model, variables["params"], x)
    jax.tree.map(lambda a: a + 0, (ys, state))
