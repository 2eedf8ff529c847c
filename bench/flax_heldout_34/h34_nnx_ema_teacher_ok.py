# label: ok
# flax-error: none
# class: 3 a DINO-style Trainer object's ema_update helper maps over teacher params carried through a raw fori_loop; the body calls trainer.step with that state, and nnx.update runs once after the loop
import jax
import jax.numpy as jnp
import flax.nnx as nnx


class Encoder(nnx.Module):
    def __init__(self, rngs: nnx.Rngs):
        self.proj = nnx.Linear(6, 8, rngs=rngs)
        self.norm = nnx.LayerNorm(8, rngs=rngs)

    def __call__(self, x):
        return self.norm(nnx.gelu(self.proj(x)))


def ema_update(t_params, student, decay):
    s_params = nnx.state(student, nnx.Param)
    return jax.tree.map(lambda t, s: decay * t + (1.0 - decay) * s, t_params, s_params)


class Trainer:
    def __init__(self, student, teacher, decay=0.99):
        self.student = student
        self.teacher_def, self.teacher_params, self.teacher_rest = nnx.split(teacher, nnx.Param, ...)
        self.teacher = teacher
        self.decay = decay

    def step(self, x, t_params):
        teacher = nnx.merge(self.teacher_def, t_params, self.teacher_rest)
        s = self.student(x)
        t = jax.lax.stop_gradient(teacher(x))
        loss = jnp.mean((s - t) ** 2)
        return loss, ema_update(t_params, self.student, self.decay)


def main():
    student = Encoder(nnx.Rngs(0))
    teacher = Encoder(nnx.Rngs(1))
    trainer = Trainer(student, teacher)
    x = jnp.ones((4, 6))

    def body(i, carry):
        total, t_params = carry
        loss, t_params = trainer.step(x * (i + 1), t_params)
        return total + loss, t_params

    total, t_params = jax.lax.fori_loop(0, 5, body, (0.0, trainer.teacher_params))
    nnx.update(teacher, t_params)
    total.block_until_ready()
    return None
