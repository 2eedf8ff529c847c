# label: ok
# flax-error: none
# class: 2 trunk and the named head are called once before the raw scan so their params exist before the body reads them
"""Multi-task sequence model: a shared recurrent trunk and one head per task, selected by name."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax import lax

TASKS = ("ctr", "dwell", "churn")


class MultiTaskSeqModel(nn.Module):
    hidden: int = 12
    tasks: tuple = TASKS

    def setup(self):
        self.trunk = nn.Dense(self.hidden)
        self.heads = {name: nn.Dense(1, name=f"head_{name}") for name in self.tasks}

    def __call__(self, xs, task: str):
        head = self.heads[task]
        h0 = jnp.zeros((xs.shape[1], self.hidden))
        if self.is_initializing():
            # create the parameters outside the loop
            head(jnp.tanh(self.trunk(xs[0]) + h0))

        def step(h, x):
            h = jnp.tanh(self.trunk(x) + h)
            return h, head(h)[..., 0]

        _, preds = lax.scan(step, h0, xs)
        return preds


def main():
    model = MultiTaskSeqModel()
    xs = jnp.ones((6, 3, 12))
    variables = model.init(jax.random.key(0), xs, task="ctr")
    preds = model.apply(variables, xs, task="ctr")
    print(float(preds.mean()))
    return None
