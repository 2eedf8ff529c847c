# label: trace-context
# flax-error: ValueError: Cannot extract graph node from different trace level, got Param( # 4 (16 B)
# class: 4 GradeTrainer.model and GradeTrainer.optimizer (nnx.Optimizer) are used by nnx.value_and_grad inside the fori_loop body
"""Sawmill board-grading model: a few in-place fine-tuning steps per shift."""
import jax
import jax.numpy as jnp
import optax
from flax import nnx


class BoardGrader(nnx.Module):
    def __init__(self, features: int, grades: int, *, rngs: nnx.Rngs):
        self.scan_head = nnx.Linear(features, 16, rngs=rngs)
        self.out = nnx.Linear(16, grades, rngs=rngs)

    def __call__(self, x):
        return self.out(nnx.relu(self.scan_head(x)))


def grading_loss(model, boards, grades):
    logits = model(boards)
    return optax.softmax_cross_entropy_with_integer_labels(logits, grades).mean()


class GradeTrainer:
    def __init__(self, model: BoardGrader, learning_rate: float):
        self.model = model
        self.optimizer = nnx.Optimizer(model, optax.adamw(learning_rate), wrt=nnx.Param)

    def shift(self, boards, grades, steps: int):
        def one_step(i, last_loss):
            loss, grads = nnx.value_and_grad(grading_loss)(self.model, boards, grades)
            self.optimizer.update(self.model, grads)
            return loss

        return jax.lax.fori_loop(0, steps, one_step, jnp.zeros(()))


def main():
    boards = jax.random.normal(jax.random.key(1), (64, 9))
    grades = jax.random.randint(jax.random.key(2), (64,), 0, 4)
    trainer = GradeTrainer(BoardGrader(9, 4, rngs=nnx.Rngs(0)), 1e-2)
    loss = trainer.shift(boards, grades, steps=5)
    print(f"loss after shift {float(loss):.4f}")
    return None
