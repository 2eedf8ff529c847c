# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,8] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 a distillation while_loop carries the student state; a BestCheckpointKeeper object stores nnx.state of the merged student from inside the body, restored with nnx.update after the loop
"""Teacher/student distillation with a keep-best checkpoint callback, driven by a while_loop."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class Net(nnx.Module):
    def __init__(self, din, dhidden, dout, rngs: nnx.Rngs):
        self.fc = nnx.Linear(din, dhidden, rngs=rngs)
        self.out = nnx.Linear(dhidden, dout, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.fc(x)))


class BestCheckpointKeeper:
    def __init__(self):
        self.best_state = None

    def maybe_save(self, model, loss):
        # keep the latest snapshot; the comparison is done on host later
        self.best_state = nnx.state(model)


class Distiller:
    def __init__(self, teacher, student, keeper, max_steps=4, tol=1e-6):
        self.teacher, self.student, self.keeper = teacher, student, keeper
        self.optimizer = nnx.Optimizer(student, optax.sgd(0.05), wrt=nnx.Param)
        self.max_steps, self.tol = max_steps, tol

    def run(self, x):
        target = self.teacher(x)
        graphdef, state = nnx.split((self.student, self.optimizer))

        def cond(carry):
            step, loss, _ = carry
            return (step < self.max_steps) & (loss > self.tol)

        def body(carry):
            step, _, state = carry
            student, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - target) ** 2))(student)
            optimizer.update(student, grads)
            self.keeper.maybe_save(student, loss)
            return step + 1, loss, nnx.state((student, optimizer))

        _, _, state = jax.lax.while_loop(cond, body, (0, jnp.float32(1.0), state))
        nnx.update((self.student, self.optimizer), state)
        nnx.update(self.student, self.keeper.best_state)
        return self.student(x)


def main():
    rngs = nnx.Rngs(0)
    teacher, student = Net(3, 32, 2, rngs), Net(3, 8, 2, rngs)
    out = Distiller(teacher, student, BestCheckpointKeeper()).run(jnp.ones((4, 3)))
    jax.block_until_ready(out)
    return None
