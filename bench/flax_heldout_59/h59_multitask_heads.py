# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[12,12] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 2 task head chosen by name from a setup dict is first called (and so initialised) inside the module's raw scan body
"""Multi-task sequence model: a shared recurrent trunk and one head per task, selected by name."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

TASKS = ("ctr", "dwell", "churn")


class MultiTaskSeqModel(nn.Module):
    hidden: int = 12
    tasks: tuple = TASKS

    def setup(self):
        self.trunk = nn.Dense(self.hidden)
        self.heads = {name: nn.Dense(1, name=f"head_{name}") for name in self.tasks}

    def __call__(self, xs, task: str):
        head = self.heads[task]
        h0 = jnp.zeros((xs.shape[1], self.hidden))

        def step(h, x):
            h = jnp.tanh(self.trunk(x) + h)
            return h, head(h)[..., 0]

        _, preds = lax.scan(step, h0, xs)
        return preds


def main():
    model = MultiTaskSeqModel()
    xs = jnp.ones((6, 3, 12))
    variables = model.init(jax.random.key(0), xs, task="ctr")
    preds = model.apply(variables, xs, task="ctr")
    print(float(preds.mean()))
    return None
