# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "center" in "/teacher" because collection "centering" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 3 Teacher._update_center() writes the 'centering' collection, reached from the multi-crop scan through _pair_loss() -> teacher(); apply(method=) without mutable
"""Self-distillation (DINO-style) with a centred, sharpened teacher and multi-crop views.

The teacher keeps an exponential moving average of its logits (the centre) that is
subtracted before sharpening, which prevents collapse to a single prototype.
"""
import dataclasses

import jax
import jax.numpy as jnp
import flax.linen as nn


@dataclasses.dataclass(frozen=True)
class DinoConfig:
    in_dim: int = 12
    hidden: int = 32
    protos: int = 16
    teacher_temp: float = 0.04
    student_temp: float = 0.1
    center_momentum: float = 0.9


class ProjectionHead(nn.Module):
    hidden: int
    protos: int

    @nn.compact
    def __call__(self, x):
        x = nn.gelu(nn.Dense(self.hidden)(x))
        x = x / jnp.linalg.norm(x, axis=-1, keepdims=True)
        return nn.Dense(self.protos, use_bias=False)(x)


class Teacher(nn.Module):
    cfg: DinoConfig

    def setup(self):
        self.head = ProjectionHead(self.cfg.hidden, self.cfg.protos)
        self.center = self.variable("centering", "center", jnp.zeros, (self.cfg.protos,))

    def _update_center(self, logits):
        if not self.is_initializing():
            m = self.cfg.center_momentum
            self.center.value = m * self.center.value + (1 - m) * logits.mean(axis=0)

    def __call__(self, x):
        logits = self.head(x)
        probs = jax.nn.softmax((logits - self.center.value) / self.cfg.teacher_temp)
        self._update_center(logits)
        return probs


class SelfDistiller(nn.Module):
    cfg: DinoConfig

    def setup(self):
        self.student = ProjectionHead(self.cfg.hidden, self.cfg.protos)
        self.teacher = Teacher(self.cfg)

    def _pair_loss(self, teacher_view, student_view):
        targets = jax.lax.stop_gradient(self.teacher(teacher_view))
        logp = jax.nn.log_softmax(self.student(student_view) / self.cfg.student_temp)
        return -(targets * logp).sum(-1).mean()

    def __call__(self, view_a, view_b):
        return self._pair_loss(view_a, view_b)

    def multi_crop_loss(self, global_view, crops):
        total, _ = jax.lax.scan(lambda acc, crop: (acc + self._pair_loss(crop, global_view), None), 0.0, crops)
        return total / crops.shape[0]


def main():
    cfg = DinoConfig()
    model = SelfDistiller(cfg)
    k1, k2, k3 = jax.random.split(jax.random.key(0), 3)
    global_view = jax.random.normal(k1, (8, cfg.in_dim))
    crops = global_view + 0.3 * jax.random.normal(k2, (4, 8, cfg.in_dim))
    variables = model.init(k3, global_view, crops[0])
    params, centering = variables["params"], variables["centering"]

    def loss_fn(p):
        return model.apply({"params": p, "centering": centering}, global_view, crops,
                           method=SelfDistiller.multi_crop_loss)

    jax.grad(loss_fn)(params)
    return None
