# label: ok
# flax-error: none
# class: 4 GradeTrainer.model and GradeTrainer.optimizer are nnx.split into the fori_loop carry, merged in the body, nnx.update'd after
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
        graphdef, state = nnx.split((self.model, self.optimizer))

        def one_step(i, carry):
            state, _ = carry
            model, optimizer = nnx.merge(graphdef, state)
            loss, grads = nnx.value_and_grad(grading_loss)(model, boards, grades)
            optimizer.update(model, grads)
            return nnx.state((model, optimizer)), loss

        state, loss = jax.lax.fori_loop(0, steps, one_step, (state, jnp.zeros(())))
        nnx.update((self.model, self.optimizer), state)
        return loss


def main():
    boards = jax.random.normal(jax.random.key(1), (64, 9))
    grades = jax.random.randint(jax.random.key(2), (64,), 0, 4)
    trainer = GradeTrainer(BoardGrader(9, 4, rngs=nnx.Rngs(0)), 1e-2)
    loss = trainer.shift(boards, grades, steps=5)
    print(f"loss after shift {float(loss):.4f}")
    return None
