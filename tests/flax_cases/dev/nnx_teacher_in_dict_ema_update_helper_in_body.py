# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 student and teacher held in a closed-over dict; a helper called from the scan body runs `nnx.update(models["teacher"], ...)`
import jax
import jax.numpy as jnp
from flax import nnx

def ema_update(models, decay):
    student = nnx.state(models["student"], nnx.Param)
    teacher = nnx.state(models["teacher"], nnx.Param)
    nnx.update(models["teacher"], jax.tree.map(lambda t, s: decay * t + (1 - decay) * s, teacher, student))

def main():
    models = {"student": nnx.Linear(4, 4, rngs=nnx.Rngs(0)), "teacher": nnx.Linear(4, 4, rngs=nnx.Rngs(1))}
    def body(carry, x):
        ema_update(models, 0.9)
        return carry + jnp.sum(models["student"](x) - models["teacher"](x)), None
    jax.lax.scan(body, 0.0, jnp.ones((5, 4)))
