# label: same-values
# flax-error: none
# class: 3 the key, drawn from the schedule rng stream, is an attribute of the TeacherForcing object, read by schedule.coin inside the while_loop body
"""Scheduled-sampling rollout of an NNX GRU decoder; returns the teacher-forcing masks per step."""
import dataclasses

import jax
import jax.lax as lax
import jax.numpy as jnp
from flax import nnx

VOCAB = 9


class GRUDecoder(nnx.Module):
    def __init__(self, hidden: int, *, rngs: nnx.Rngs):
        self.embed = nnx.Embed(VOCAB, hidden, rngs=rngs)
        self.cell = nnx.GRUCell(hidden, hidden, rngs=rngs)
        self.readout = nnx.Linear(hidden, VOCAB, rngs=rngs)

    def __call__(self, h, token):
        h, y = self.cell(h, self.embed(token))
        return h, self.readout(y)


@dataclasses.dataclass
class TeacherForcing:
    key: jax.Array
    teacher_p: float = 0.5

    def coin(self, shape):
        return jax.random.bernoulli(self.key, self.teacher_p, shape)


def rollout(decoder, schedule, h0, targets):
    batch, steps = targets.shape

    def cond(state):
        return state[0] < steps

    def body(state):
        t, h, prev, masks = state
        use_teacher = schedule.coin((batch,))
        token = jnp.where(use_teacher, targets[:, t], prev)
        h, logits = decoder(h, token)
        return t + 1, h, logits.argmax(-1), masks.at[t].set(use_teacher)

    init = (0, h0, jnp.zeros((batch,), jnp.int32), jnp.zeros((steps, batch), bool))
    _, _, _, masks = lax.while_loop(cond, body, init)
    return masks


def main():
    rngs = nnx.Rngs(params=0, schedule=1)
    decoder = GRUDecoder(12, rngs=rngs)
    schedule = TeacherForcing(rngs.schedule(), teacher_p=0.5)
    targets = jax.random.randint(jax.random.key(2), (10, 6), 1, VOCAB)
    h0 = jnp.zeros((10, 12))
    return rollout(decoder, schedule, h0, targets)


if __name__ == "__main__":
    print(main().astype(int))
