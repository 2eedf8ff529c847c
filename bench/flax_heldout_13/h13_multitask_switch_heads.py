# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 3 task heads defined in setup are first called in lax.switch branches inside a lax.scan body over a task schedule
import jax
import jax.numpy as jnp
from jax import lax
from flax import linen as nn


class MultiTaskNet(nn.Module):
    hidden: int = 16

    def setup(self):
        self.trunk = nn.Dense(self.hidden)
        self.cls_head = nn.Dense(4)
        self.reg_head = nn.Dense(4)
        self.aux_head = nn.Dense(4)

    def __call__(self, x, schedule):
        feats = nn.relu(self.trunk(x))
        branches = [
            lambda f: jax.nn.log_softmax(self.cls_head(f)),
            lambda f: self.reg_head(f),
            lambda f: jnp.tanh(self.aux_head(f)),
        ]

        def body(acc, task_id):
            out = lax.switch(task_id, branches, feats)
            return acc + out.mean(), out

        total, outs = lax.scan(body, 0.0, schedule)
        return total, outs


def main():
    model = MultiTaskNet()
    x = jnp.ones((3, 5))
    schedule = jnp.array([0, 1, 2, 0])
    variables = model.init(jax.random.key(0), x, schedule)
    variables = jax.tree.map(lambda a: a + 0, variables)
    model.apply(variables, x, schedule)
    return None
