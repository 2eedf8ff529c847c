# label: ok
# flax-error: none
# class: 4 MeanTeacher.run splits the teacher, carries its state through lax.scan (the step EMA-updates the state and merges it to predict) and nnx.update()s the teacher after the loop
import jax
import jax.numpy as jnp
from flax import nnx


class Net(nnx.Module):
    def __init__(self, rngs):
        self.fc = nnx.Linear(3, 3, rngs=rngs)

    def __call__(self, x):
        return jnp.tanh(self.fc(x))


def ema_update(t_state, s_state, decay):
    return jax.tree.map(lambda a, b: decay * a + (1 - decay) * b, t_state, s_state)


class MeanTeacher:
    def __init__(self, decay=0.9):
        self.student = Net(nnx.Rngs(0))
        self.teacher = Net(nnx.Rngs(1))
        self.decay = decay

    def run(self, xs):
        graphdef, t_state = nnx.split(self.teacher)
        s_state = nnx.state(self.student)

        def step(t_state, x):
            t_state = ema_update(t_state, s_state, self.decay)
            return t_state, nnx.merge(graphdef, t_state)(x)

        t_state, targets = jax.lax.scan(step, t_state, xs)
        nnx.update(self.teacher, t_state)
        return targets


def main():
    mt = MeanTeacher()
    targets = mt.run(jnp.ones((4, 2, 3)))
    targets.block_until_ready()
    return None
