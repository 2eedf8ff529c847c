# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "mean" in "/BatchNorm_0" because collection "batch_stats" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 a factory returns a checkpointed distillation step; the student's batch_stats ride in the variables dict, applied in the scan body without mutable
"""Model-compression toolkit: distil a BatchNorm student from a frozen teacher."""
import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import linen as nn


class Teacher(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.Dense(10)(nn.relu(nn.Dense(64)(x)))


class Student(nn.Module):
    @nn.compact
    def __call__(self, x, train: bool = True):
        h = nn.Dense(16)(x)
        h = nn.BatchNorm(use_running_average=not train, momentum=0.9)(h)
        return nn.Dense(10)(nn.relu(h))


@dataclasses.dataclass
class DistillConfig:
    temperature: float = 2.0
    learning_rate: float = 1e-2
    steps: int = 4


def make_distill_step(student, teacher, teacher_params, tx, config):
    def loss_fn(params, batch_stats, x):
        s_logits = student.apply({"params": params, "batch_stats": batch_stats}, x, train=True)
        t_logits = teacher.apply({"params": teacher_params}, x)
        t = config.temperature
        return optax.softmax_cross_entropy(s_logits / t, jax.nn.softmax(t_logits / t)).mean()

    @jax.checkpoint
    def step(carry, x):
        params, batch_stats, opt_state = carry
        loss, grads = jax.value_and_grad(loss_fn)(params, batch_stats, x)
        updates, opt_state = tx.update(grads, opt_state, params)
        return (optax.apply_updates(params, updates), batch_stats, opt_state), loss

    return step


class Distiller:
    def __init__(self, config):
        self.config = config
        self.student, self.teacher = Student(), Teacher()
        x = jnp.ones((8, 32))
        self.teacher_params = self.teacher.init(jax.random.PRNGKey(0), x)["params"]
        self.student_vars = self.student.init(jax.random.PRNGKey(1), x)
        self.tx = optax.adam(config.learning_rate)

    def run(self, data):
        step = make_distill_step(self.student, self.teacher, self.teacher_params, self.tx, self.config)
        params = self.student_vars["params"]
        carry = (params, self.student_vars["batch_stats"], self.tx.init(params))
        carry, losses = jax.lax.scan(step, carry, data)
        return losses


def main():
    distiller = Distiller(DistillConfig())
    data = jax.random.normal(jax.random.PRNGKey(2), (4, 8, 32))
    jax.block_until_ready(distiller.run(data))
    return None
