# label: ok
# flax-error: none
# class: 4 teacher and student are reached through distiller.pair.teacher / distiller.pair.student and the student's optimizer through distiller.optimizer; student and optimizer are nnx.split before the scan, merged in the body and carried as state
"""Keyboard next-token autocomplete: a large teacher language model is distilled into a small
student that ships on the phone. Student uses BatchNorm, so it trains in train() mode."""
from dataclasses import dataclass

import jax
import jax.numpy as jnp
import optax
import flax.nnx as nnx

lax = jax.lax


class TokenMLP(nnx.Module):
    def __init__(self, vocab: int, dim: int, hidden: int, rngs: nnx.Rngs):
        self.embed = nnx.Embed(vocab, dim, rngs=rngs)
        self.hidden = nnx.Linear(dim, hidden, rngs=rngs)
        self.norm = nnx.BatchNorm(hidden, momentum=0.9, rngs=rngs)
        self.out = nnx.Linear(hidden, vocab, rngs=rngs)

    def __call__(self, tokens):
        h = self.embed(tokens).mean(axis=1)
        return self.out(nnx.relu(self.norm(self.hidden(h))))


class TeacherStudent(nnx.Module):
    def __init__(self, vocab: int, rngs: nnx.Rngs):
        self.teacher = TokenMLP(vocab, 32, 64, rngs)
        self.student = TokenMLP(vocab, 8, 16, rngs)


@dataclass(frozen=True)
class KDConfig:
    temperature: float = 3.0
    learning_rate: float = 1e-2


class Distiller:
    def __init__(self, pair: TeacherStudent, config: KDConfig):
        self.pair = pair
        self.config = config
        self.optimizer = nnx.Optimizer(pair.student, optax.adam(config.learning_rate), wrt=nnx.Param)

    def _kd_loss(self, student, tokens, teacher_logits):
        t = self.config.temperature
        targets = jax.nn.softmax(teacher_logits / t)
        return -jnp.mean(jnp.sum(targets * jax.nn.log_softmax(student(tokens) / t), axis=-1))

    def distill(self, token_batches):
        self.pair.teacher.eval()
        self.pair.student.train()
        graphdef, state = nnx.split((self.pair.student, self.optimizer))

        def body(state, tokens):
            student, optimizer = nnx.merge(graphdef, state)
            teacher_logits = self.pair.teacher(tokens)
            loss, grads = nnx.value_and_grad(self._kd_loss)(student, tokens, teacher_logits)
            optimizer.update(student, grads)
            return nnx.state((student, optimizer)), loss

        state, losses = lax.scan(body, state, token_batches)
        nnx.update((self.pair.student, self.optimizer), state)
        self.pair.student.eval()
        return losses


def main():
    tokens = jax.random.randint(jax.random.key(0), (5, 16, 6), 0, 50)
    distiller = Distiller(TeacherStudent(50, nnx.Rngs(0)), KDConfig())
    distiller.distill(tokens).block_until_ready()
    return None
