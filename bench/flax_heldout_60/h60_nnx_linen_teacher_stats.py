# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 Linen teacher apply(mutable=['batch_stats']) in a raw scan next to an NNX student, stats kept on a Python holder
"""Hand port in progress: a Linen teacher (with BatchNorm) and an NNX student live side by side
for distillation. The scan over batches updates the teacher's batch stats on a plain holder
object, the way the old Linen TrainState code did outside any loop."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from flax import nnx


class Teacher(nn.Module):
    @nn.compact
    def __call__(self, x, train=True):
        x = nn.BatchNorm(use_running_average=not train)(nn.Dense(8)(x))
        return nn.Dense(2)(x)


class Holder:
    def __init__(self, variables):
        self.variables = variables


def main():
    teacher = Teacher()
    t = Holder(teacher.init(jax.random.key(0), jnp.ones((4, 3)), train=False))
    student = nnx.Linear(3, 2, rngs=nnx.Rngs(1))
    xs = jnp.ones((5, 4, 3))

    def distill(total, x):
        logits, upd = teacher.apply(t.variables, x, mutable=["batch_stats"])
        t.variables = {"params": t.variables["params"], **upd}
        loss = jnp.mean((student(x) - logits) ** 2)
        return total + loss, None

    total, _ = jax.lax.scan(distill, 0.0, xs)
    teacher.apply(t.variables, xs[0], train=False)
    return None
