# label: unexpected-tracer
# flax-error: UnexpectedTracerError: Encountered an unexpected tracer. A function transformed by JAX had a side effect, allowing for a reference to an intermediate value with type float32[3,3,3,4] wrapped in a DynamicJaxprTracer to escape the scope of the transformation.
# class: 4 the teacher's parameter state lives in trainer.registry.slots["teacher"]; the scan body blends the student into that slot and the trainer loads the slot into the teacher after the loop
"""Mean-teacher training for semi-supervised skin-lesion segmentation."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Dict

import jax
import jax.numpy as jnp
import optax
from flax import nnx

scan = jax.lax.scan


class LesionNet(nnx.Module):
    def __init__(self, width: int, *, rngs: nnx.Rngs):
        self.enc = nnx.Conv(3, width, (3, 3), padding="SAME", rngs=rngs)
        self.dec = nnx.Conv(width, 1, (1, 1), rngs=rngs)

    def __call__(self, x):
        return self.dec(nnx.gelu(self.enc(x)))[..., 0]


@dataclass
class ModelSlot:
    state: Any
    version: int = 0


@dataclass
class ModelRegistry:
    slots: Dict[str, ModelSlot] = field(default_factory=dict)

    def publish(self, name: str, state) -> None:
        self.slots[name] = ModelSlot(state)


def bce_loss(model, images, masks):
    return optax.sigmoid_binary_cross_entropy(model(images), masks).mean()


class MeanTeacherTrainer:
    def __init__(self, student: LesionNet, teacher: LesionNet, optimizer: nnx.Optimizer,
                 registry: ModelRegistry, decay: float = 0.9):
        self.student = student
        self.teacher = teacher
        self.optimizer = optimizer
        self.registry = registry
        self.decay = decay
        self.registry.publish("teacher", nnx.state(teacher, nnx.Param))

    def _blend(self, teacher_params, student_params):
        return jax.tree.map(lambda t, s: self.decay * t + (1.0 - self.decay) * s, teacher_params, student_params)

    def train(self, images, masks):
        graphdef, state = nnx.split((self.student, self.optimizer))

        def step(state, batch):
            student, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(bce_loss)(student, *batch)
            optimizer.update(student, grads)
            slot = self.registry.slots["teacher"]
            slot.state = self._blend(slot.state, nnx.state(student, nnx.Param))
            slot.version += 1
            return nnx.state((student, optimizer)), loss

        state, losses = scan(step, state, (images, masks))
        nnx.update((self.student, self.optimizer), state)
        nnx.update(self.teacher, self.registry.slots["teacher"].state)
        return losses

    def pseudo_labels(self, unlabeled):
        return (jax.nn.sigmoid(self.teacher(unlabeled)) > 0.5).astype(jnp.float32)


def main():
    k_img, k_mask, k_unl = jax.random.split(jax.random.key(43), 3)
    images = jax.random.normal(k_img, (3, 2, 8, 8, 3))
    masks = (jax.random.uniform(k_mask, (3, 2, 8, 8)) > 0.7).astype(jnp.float32)
    student = LesionNet(4, rngs=nnx.Rngs(0))
    teacher = LesionNet(4, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(student, optax.adam(1e-3), wrt=nnx.Param)
    trainer = MeanTeacherTrainer(student, teacher, optimizer, ModelRegistry())
    losses = trainer.train(images, masks)
    labels = trainer.pseudo_labels(jax.random.normal(k_unl, (2, 8, 8, 3)))
    jax.block_until_ready((losses, labels))
    return None
