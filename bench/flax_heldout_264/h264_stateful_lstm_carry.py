# label: ok
# flax-error: none
# class: 2 `lstm`, a local bound module of `generate`, is called in the scan body through `lstm.step`; its LSTM carry is threaded through the scan carry and put back after the loop
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

    def body(state, _):
        carry, y_prev = state
        carry, y = lstm.step(carry, y_prev)
        return (carry, y), y

    (carry, y_last), ys = lax.scan(body, (lstm.memory.value, y0), None, length=steps)
    lstm.put_variable("memory", "carry", carry)
    return ys, {"params": variables["params"], "memory": lstm.variables["memory"]}


def main():
    model = StatefulLSTM()
    y0 = jnp.full((1, OUT), 0.5)
    variables = model.init(jax.random.key(0), y0)
    first, variables = generate(model, variables, y0, steps=4)
    second, variables = generate(model, variables, first[-1], steps=4)
    jax.block_until_ready((first, second))
    return None
