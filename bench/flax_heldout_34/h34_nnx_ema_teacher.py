# label: trace-context
# flax-error: TraceContextError: Cannot mutate Param from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 a DINO-style Trainer object's ema_update helper calls nnx.update on the outside teacher module; a raw fori_loop body calls trainer.step, which calls the helper
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(6, 8, rngs=rngs)
        self.norm = nnx.LayerNorm(8, rngs=rngs)

    def __call__(self, x):
        return self.norm(nnx.gelu(self.proj(x)))


def ema_update(teacher, student, decay):
    t_params = nnx.state(teacher, nnx.Param)
    s_params = nnx.state(student, nnx.Param)
    new = jax.tree.map(lambda t, s: decay * t + (1.0 - decay) * s, t_params, s_params)
    nnx.update(teacher, new)


class Trainer:
    def __init__(self, student, teacher, decay=0.99):
        self.student = student
        self.teacher = teacher
        self.decay = decay

    def step(self, x):
        s = self.student(x)
        t = jax.lax.stop_gradient(self.teacher(x))
        loss = jnp.mean((s - t) ** 2)
        ema_update(self.teacher, self.student, self.decay)
        return loss


def main():
    student = Encoder(nnx.Rngs(0))
    teacher = Encoder(nnx.Rngs(1))
    trainer = Trainer(student, teacher)
    x = jnp.ones((4, 6))

    def body(i, total):
        return total + trainer.step(x * (i + 1))

    total = jax.lax.fori_loop(0, 5, body, 0.0)
    total.block_until_ready()
    return None
