# label: ok
# flax-error: none
# class: 1 a teacher manager keeps one PRNG key on itself and folds the scan step into it before rngs={"noise": ...}; returns the input noise per step
import dataclasses

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.lax import scan


@dataclasses.dataclass
class DistillConfig:
    noise_scale: float = 0.1
    steps: int = 5
    temperature: float = 2.0


class NoisyTeacher(nn.Module):
    """Teacher that perturbs its inputs (input-noise distillation); returns logits and the noise."""
    noise_scale: float

    @nn.compact
    def __call__(self, x):
        noise = self.noise_scale * jax.random.normal(self.make_rng("noise"), x.shape)
        return nn.Dense(10)(nn.relu(nn.Dense(32)(x + noise))), noise


class Student(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(10)(nn.relu(nn.Dense(16)(x)))


class TeacherManager:
    def __init__(self, teacher, variables, seed):
        self.teacher, self.variables = teacher, variables
        self.key = jax.random.key(seed)

    def soft_targets(self, x, temperature, step):
        key = jax.random.fold_in(self.key, step)
        logits, noise = self.teacher.apply(self.variables, x, rngs={"noise": key})
        return jax.nn.softmax(logits / temperature), noise


class StudentManager:
    def __init__(self, student, variables):
        self.student, self.variables = student, variables

    def kd_loss(self, x, targets, temperature):
        logp = jax.nn.log_softmax(self.student.apply(self.variables, x) / temperature)
        return -jnp.mean(jnp.sum(targets * logp, axis=-1))


def distill(cfg: DistillConfig, teacher_mgr, student_mgr, batches):
    def step(total, inputs):
        i, x = inputs
        targets, noise = teacher_mgr.soft_targets(x, cfg.temperature, i)
        return total + student_mgr.kd_loss(x, targets, cfg.temperature), noise

    _, noises = scan(step, jnp.float32(0), (jnp.arange(batches.shape[0]), batches))
    return noises


def main():
    cfg = DistillConfig()
    batches = jax.random.normal(jax.random.key(4), (cfg.steps, 4, 8))
    teacher, student = NoisyTeacher(cfg.noise_scale), Student()
    t_vars = teacher.init({"params": jax.random.key(0), "noise": jax.random.key(1)}, batches[0])
    s_vars = student.init(jax.random.key(2), batches[0])
    return distill(cfg, TeacherManager(teacher, t_vars, seed=7), StudentManager(student, s_vars), batches)
