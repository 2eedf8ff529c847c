# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "z" in "/student/targets" because collection "ensemble" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 5 the scan body comes from the step factory `make_view_step(student, train)`; it calls `student.targets.update(...)`, which writes the 'ensemble' collection (not mutable at apply)
"""Temporal ensembling (teacher = EMA of past predictions) over several augmented views."""
import jax
import jax.numpy as jnp
from flax import linen as nn
from jax import lax

NUM_CLASSES = 3
BATCH = 4


class EnsembleTargets(nn.Module):
    alpha: float = 0.6

    def setup(self):
        self.z = self.variable("ensemble", "z", lambda: jnp.zeros((BATCH, NUM_CLASSES)))

    def target(self):
        return nn.softmax(self.z.value)

    def update(self, logits):
        self.z.value = self.alpha * self.z.value + (1.0 - self.alpha) * logits


class Student(nn.Module):
    def setup(self):
        self.net = nn.Dense(NUM_CLASSES)
        self.targets = EnsembleTargets()

    def __call__(self, x):
        return self.net(x), self.targets.target()


def make_view_step(student, train):
    def step(loss, view):
        logits = student.net(view)
        if train:
            student.targets.update(logits)
        consistency = jnp.mean((nn.softmax(logits) - student.targets.target()) ** 2)
        return loss + consistency, logits

    return step


class Trainer(nn.Module):
    def setup(self):
        self.student = Student()

    def __call__(self, views, train: bool = True):
        loss, logits = lax.scan(make_view_step(self.student, train), 0.0, views)
        return loss / views.shape[0], logits

    def predict(self, x):
        return self.student(x)


def main():
    x = jnp.linspace(-1.0, 1.0, BATCH * 5).reshape(BATCH, 5)
    views = jnp.stack([x, x[:, ::-1], 0.5 * x])
    trainer = Trainer()
    variables = trainer.init(jax.random.key(0), x, method=Trainer.predict)
    loss, logits = trainer.apply(variables, views, train=True)
    jax.block_until_ready((loss, logits))
    return None
