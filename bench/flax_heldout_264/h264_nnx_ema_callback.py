# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[2,6] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 5 `run_inner_steps` receives `on_step=ema.update`, a bound-method callback; called in the fori_loop body, it stores the new EMA shadow on the ParamEMA object, which is put into the teacher after the loop
"""Student steps in a fori_loop with an EMA teacher updated by a callback."""
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.l1 = nnx.Linear(2, 6, rngs=rngs)
        self.l2 = nnx.Linear(6, 1, rngs=rngs)

    def __call__(self, x):
        return self.l2(jax.nn.silu(self.l1(x)))


class ParamEMA:
    def __init__(self, model, decay=0.95):
        self.decay = decay
        self.shadow = nnx.state(model, nnx.Param)

    def update(self, params):
        self.shadow = jax.tree.map(
            lambda s, p: self.decay * s + (1.0 - self.decay) * p, self.shadow, params
        )

    def copy_to(self, model):
        nnx.update(model, self.shadow)


def run_inner_steps(loss_fn, params, num_steps, lr, on_step=None):
    def body(i, params):
        grads = jax.grad(loss_fn)(params)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        if on_step is not None:
            on_step(params)
        return params

    return jax.lax.fori_loop(0, num_steps, body, params)


def main():
    student = Net(nnx.Rngs(0))
    teacher = Net(nnx.Rngs(0))
    ema = ParamEMA(teacher)
    x = jnp.linspace(-1.0, 1.0, 10).reshape(5, 2)
    y = jnp.sin(x[:, :1])
    graphdef, params = nnx.split(student)

    def loss_fn(params):
        return jnp.mean((nnx.merge(graphdef, params)(x) - y) ** 2)

    params = run_inner_steps(loss_fn, params, num_steps=4, lr=0.1, on_step=ema.update)
    nnx.update(student, params)
    ema.copy_to(teacher)
    jax.block_until_ready((student(x), teacher(x)))
    return None
