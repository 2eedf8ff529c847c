# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 4 Distiller.warmup runs the while_loop and reaches the teacher's Params through self.pair.teacher, updating them in the body
"""Mean-teacher warm-up: pull the EMA teacher towards the student with lax.while_loop.

Shape of self-supervised (BYOL / mean teacher) reports where the EMA update, written with
`nnx.state` and `nnx.update`, is repeated inside a raw while_loop until the two are close.
"""
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(5, 8, rngs=rngs)
        self.head = nnx.Linear(8, 4, rngs=rngs)

    def __call__(self, x):
        return self.head(nnx.relu(self.proj(x)))


class TeacherStudent(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.student = Encoder(rngs)
        self.teacher = Encoder(rngs)


class Distiller:
    def __init__(self, pair, decay=0.5, tol=1e-3):
        self.pair = pair
        self.decay = decay
        self.tol = tol

    def ema_step(self):
        student = nnx.state(self.pair.student, nnx.Param)
        teacher = nnx.state(self.pair.teacher, nnx.Param)
        new = jax.tree.map(lambda t, s: self.decay * t + (1 - self.decay) * s, teacher, student)
        nnx.update(self.pair.teacher, new)
        gaps = jax.tree.map(lambda t, s: jnp.max(jnp.abs(t - s)), new, student)
        return jnp.max(jnp.stack(jax.tree.leaves(gaps)))

    def warmup(self, max_steps=50):
        def cond(state):
            i, gap = state
            return (i < max_steps) & (gap > self.tol)

        def body(state):
            i, _ = state
            return i + 1, self.ema_step()

        return jax.lax.while_loop(cond, body, (0, jnp.inf))


def main():
    distiller = Distiller(TeacherStudent(nnx.Rngs(0)))
    steps, gap = distiller.warmup()
    jax.block_until_ready(gap)
    return None
