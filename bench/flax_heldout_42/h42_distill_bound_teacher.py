# label: same-values
# flax-error: none
# class: 4 the Distiller binds the frozen teacher with a 'sample' rng once and stores it; the scan body calls the bound teacher's pseudo_label method, which draws from self.make_rng
"""Teacher/student distillation with sampled pseudo-labels.

The frozen teacher is bound once (`teacher.bind(vars, rngs=...)`) so it can be called
like a function. For every data batch the student takes K inner steps (raw
`jax.lax.scan`), each against a freshly sampled pseudo-label from the teacher. The
student uses a rematerialised MLP block.
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
        self.teacher = teacher.bind(teacher_vars, rngs={"sample": jax.random.PRNGKey(cfg.seed)})

    def inner_loop(self, state: TrainState, x):
        def loss_fn(params, labels):
            logits = state.apply_fn({"params": params}, x)
            return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()

        def body(state, _):
            labels = self.teacher.pseudo_label(x)
            grads = jax.grad(loss_fn)(state.params, labels)
            return state.apply_gradients(grads=grads), labels

        return jax.lax.scan(body, state, None, length=self.cfg.inner_steps)


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
