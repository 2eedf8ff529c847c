# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 student and teacher handed to the function running the scan as a tuple and unpacked there; a helper called from the body EMA-updates the teacher with nnx.update
import jax
import jax.numpy as jnp
from flax import nnx
from jax import lax

def ema_update(teacher, student, momentum):
    new = jax.tree.map(lambda t, s: momentum * t + (1 - momentum) * s, nnx.state(teacher, nnx.Param), nnx.state(student, nnx.Param))
    nnx.update(teacher, new)

def run_epoch(models, crops):
    student, teacher = models
    def step(carry, x):
        ema_update(teacher, student, 0.99)
        return carry + jnp.sum(student(x) - teacher(x)), None
    return lax.scan(step, 0.0, crops)

def main():
    pair = (nnx.Linear(8, 5, rngs=nnx.Rngs(0)), nnx.Linear(8, 5, rngs=nnx.Rngs(1)))
    run_epoch(pair, jnp.ones((4, 8)))
