# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[1,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 `lstm`, a local bound module (`model.bind(..., mutable=["memory"])`) of `generate`, is called in the scan body and writes its 'memory' carry
"""Free-running generation with an LSTM that keeps its carry in a 'memory' collection."""
import jax
import jax.numpy as jnp
import flax.linen as nn

lax = jax.lax
FEATURES = 8
OUT = 3


class StatefulLSTM(nn.Module):
    features: int = FEATURES
    out: int = OUT

    def setup(self):
        self.cell = nn.LSTMCell(self.features)
        self.readout = nn.Dense(self.out)
        self.memory = self.variable(
            "memory",
            "carry",
            lambda: (jnp.zeros((1, self.features)), jnp.zeros((1, self.features))),
        )

    def step(self, carry, x):
        carry, h = self.cell(carry, x)
        return carry, self.readout(h)

    def __call__(self, x):
        carry, y = self.step(self.memory.value, x)
        self.memory.value = carry
        return y


def generate(model, variables, y0, steps):
    lstm = model.bind(variables, mutable=["memory"])

    def body(y_prev, _):
        y = lstm(y_prev)
        return y, y

    y_last, ys = lax.scan(body, y0, None, length=steps)
    return ys, {"params": variables["params"], "memory": lstm.variables["memory"]}


def main():
    model = StatefulLSTM()
    y0 = jnp.full((1, OUT), 0.5)
    variables = model.init(jax.random.key(0), y0)
    first, variables = generate(model, variables, y0, steps=4)
    second, variables = generate(model, variables, first[-1], steps=4)
    jax.block_until_ready((first, second))
    return None
