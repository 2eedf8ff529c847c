# label: ok
# flax-error: none
# class: 4 the Distiller stores the frozen teacher's apply and variables; the scan body receives a per-step key as xs and calls teacher.apply(..., method=pseudo_label, rngs=...)
"""Teacher/student distillation with sampled pseudo-labels.

The frozen teacher is kept as (module, variables). For every data batch the student
takes K inner steps (raw `jax.lax.scan`); each step gets its own subkey through the scan
inputs and samples a pseudo-label from the teacher with it. The student uses a
rematerialised MLP block.
"""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn
from flax.training.train_state import TrainState


class TeacherNet(nn.Module):
    num_classes: int = 5

    @nn.compact
    def __call__(self, x):
        h = nn.relu(nn.Dense(32)(x))
        return nn.Dense(self.num_classes)(h)

    def pseudo_label(self, x, temperature: float = 2.0):
        logits = self(x)
        return jax.random.categorical(self.make_rng("sample"), logits / temperature)


class Block(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.relu(nn.Dense(16)(x))


class StudentNet(nn.Module):
    num_classes: int = 5

    @nn.compact
    def __call__(self, x):
        x = nn.remat(Block)()(x)
        return nn.Dense(self.num_classes)(x)


@dataclasses.dataclass
class DistillConfig:
    inner_steps: int = 6
    lr: float = 1e-2
    seed: int = 0


class Distiller:
    def __init__(self, teacher, teacher_vars, cfg: DistillConfig):
        self.cfg = cfg
        self.teacher = teacher
        self.teacher_vars = teacher_vars
        self.rng = jax.random.PRNGKey(cfg.seed)

    def inner_loop(self, state: TrainState, x):
        def loss_fn(params, labels):
            logits = state.apply_fn({"params": params}, x)
            return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

        def body(state, key):
            labels = self.teacher.apply(
                self.teacher_vars, x, method=TeacherNet.pseudo_label, rngs={"sample": key})
            grads = jax.grad(loss_fn)(state.params, labels)
            return state.apply_gradients(grads=grads), labels

        self.rng, sub = jax.random.split(self.rng)
        keys = jax.random.split(sub, self.cfg.inner_steps)
        return jax.lax.scan(body, state, keys)


def main():
    cfg = DistillConfig()
    x = jax.random.normal(jax.random.PRNGKey(1), (8, 6))
    teacher = TeacherNet()
    teacher_vars = teacher.init(jax.random.PRNGKey(2), x)
    student = StudentNet()
    state = TrainState.create(
        apply_fn=student.apply,
        params=student.init(jax.random.PRNGKey(3), x)["params"],
        tx=optax.adam(cfg.lr),
    )
    distiller = Distiller(teacher, teacher_vars, cfg)
    state, labels = distiller.inner_loop(state, x)
    return labels
