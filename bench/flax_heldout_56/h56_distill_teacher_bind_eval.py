# label: ok
# flax-error: none
# class: 3 a Distiller holds a TeacherWrapper around teacher_model.bind(teacher_vars) built in eval mode (running averages); the student's lax.scan step calls the bound teacher read-only
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


@dataclasses.dataclass
class DistillConfig:
    temperature: float = 2.0
    teacher_train_mode: bool = False
    lr: float = 0.05


class Teacher(nn.Module):
    train: bool

    @nn.compact
    def __call__(self, x):
        x = nn.Dense(16)(x)
        x = nn.BatchNorm(use_running_average=not self.train)(x)
        return nn.Dense(4)(nn.gelu(x))


class Student(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(4)(x)


class TeacherWrapper:
    def __init__(self, module, variables):
        self._bound = module.bind(variables)

    def soft_targets(self, x, temperature):
        return jax.nn.softmax(self._bound(x) / temperature)


class Distiller:
    def __init__(self, cfg, teacher: TeacherWrapper, student, student_params):
        self.cfg = cfg
        self.teacher = teacher
        self.student = student
        self.tx = optax.adam(cfg.lr)
        self.params = student_params
        self.opt_state = self.tx.init(student_params)

    def _step(self, carry, x):
        params, opt_state = carry
        targets = self.teacher.soft_targets(x, self.cfg.temperature)

        def loss_fn(p):
            logits = self.student.apply({"params": p}, x) / self.cfg.temperature
            return optax.softmax_cross_entropy(logits, targets).mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = self.tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), opt_state), loss

    def distill(self, data):
        (self.params, self.opt_state), losses = jax.lax.scan(self._step, (self.params, self.opt_state), data)
        return losses


def main():
    cfg = DistillConfig()
    x = jnp.ones((8, 5))
    teacher_module = Teacher(train=cfg.teacher_train_mode)
    teacher_vars = Teacher(train=False).init(jax.random.PRNGKey(0), x)
    student = Student()
    sparams = student.init(jax.random.PRNGKey(1), x)["params"]
    distiller = Distiller(cfg, TeacherWrapper(teacher_module, teacher_vars), student, sparams)
    distiller.distill(jax.random.normal(jax.random.PRNGKey(2), (3, 8, 5)))
    return None
