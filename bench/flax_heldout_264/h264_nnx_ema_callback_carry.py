# label: ok
# flax-error: none
# class: 5 `run_inner_steps` receives `blend=ema.blend`, a bound-method callback; the EMA shadow is threaded through the fori_loop carry and stored on the ParamEMA object after the loop
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

    def blend(self, shadow, params):
        return jax.tree.map(lambda s, p: self.decay * s + (1.0 - self.decay) * p, shadow, params)

    def copy_to(self, model):
        nnx.update(model, self.shadow)


def run_inner_steps(loss_fn, params, shadow, num_steps, lr, blend):
    def body(i, carry):
        params, shadow = carry
        grads = jax.grad(loss_fn)(params)
        params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
        return params, blend(shadow, params)

    return jax.lax.fori_loop(0, num_steps, body, (params, shadow))


def main():
    student = Net(nnx.Rngs(0))
    teacher = Net(nnx.Rngs(0))
    ema = ParamEMA(teacher)
    x = jnp.linspace(-1.0, 1.0, 10).reshape(5, 2)
    y = jnp.sin(x[:, :1])
    graphdef, params = nnx.split(student)

    def loss_fn(params):
        return jnp.mean((nnx.merge(graphdef, params)(x) - y) ** 2)

    params, ema.shadow = run_inner_steps(loss_fn, params, ema.shadow, num_steps=4, lr=0.1, blend=ema.blend)
    nnx.update(student, params)
    ema.copy_to(teacher)
    jax.block_until_ready((student(x), teacher(x)))
    return None
