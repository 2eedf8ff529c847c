# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 distillation trainer reaches the teacher through a TeacherWrapper whose config flag keeps BatchNorm in train mode inside the scan over batches
"""Teacher/student distillation: the teacher's soft targets are computed per batch inside a raw
lax.scan that also accumulates the distillation loss."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.linen as nn

lax = jax.lax


class ConvNet(nn.Module):
    width: int
    classes: int = 5

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Dense(self.width)(x)
        x = nn.BatchNorm(use_running_average=not train)(x)
        return nn.Dense(self.classes)(nn.gelu(x))


@dataclass
class DistillConfig:
    temperature: float = 2.0
    teacher_train_mode: bool = True  # copied from the teacher's training config


class TeacherWrapper:
    def __init__(self, model, variables, cfg):
        self.model, self.variables, self.cfg = model, variables, cfg

    def soft_targets(self, x):
        logits = self.model.apply(self.variables, x, train=self.cfg.teacher_train_mode)
        return jax.nn.softmax(logits / self.cfg.temperature)


class DistillTrainer:
    def __init__(self, teacher, student, student_vars, cfg):
        self.teacher, self.student, self.student_vars, self.cfg = teacher, student, student_vars, cfg

    def epoch_loss(self, batches):
        def body(total, x):
            targets = self.teacher.soft_targets(x)
            logits = self.student.apply(self.student_vars, x, train=False)
            loss = optax.softmax_cross_entropy(logits / self.cfg.temperature, targets).mean()
            return total + loss, None

        total, _ = lax.scan(body, 0.0, batches)
        return total / batches.shape[0]


def main():
    cfg = DistillConfig()
    x = jnp.ones((8, 6))
    teacher_model, student_model = ConvNet(width=32), ConvNet(width=8)
    t_vars = teacher_model.init(jax.random.PRNGKey(0), x, train=False)
    s_vars = student_model.init(jax.random.PRNGKey(1), x, train=False)
    trainer = DistillTrainer(TeacherWrapper(teacher_model, t_vars, cfg), student_model, s_vars, cfg)
    trainer.epoch_loss(jnp.ones((3, 8, 6)))
    return None
