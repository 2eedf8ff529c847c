# label: ok
# flax-error: none
# class: 3 a multi-task model with heads in a dict built in setup; an eval method's fori_loop body picks a head with lax.cond, dropout deterministic
import jax
import jax.numpy as jnp
import flax.linen as nn


class MultiTask(nn.Module):
    def setup(self):
        self.trunk = nn.Dense(16)
        self.drop = nn.Dropout(0.2)
        self.heads = {"reg": nn.Dense(1), "cls": nn.Dense(1)}

    def __call__(self, x, train: bool = False):
        h = self.drop(nn.relu(self.trunk(x)), deterministic=not train)
        return self.heads["reg"](h) + self.heads["cls"](h)

    def _score(self, task_id, x):
        h = self.drop(nn.relu(self.trunk(x)), deterministic=True)
        return jax.lax.cond(task_id == 0, lambda: self.heads["reg"](h), lambda: nn.sigmoid(self.heads["cls"](h)))

    def evaluate(self, xs, task_ids):
        def body(i, total):
            return total + jnp.mean(self._score(task_ids[i], xs[i]))

        return jax.lax.fori_loop(0, xs.shape[0], body, jnp.zeros(()))


def main():
    model = MultiTask()
    xs = jnp.ones((4, 3, 5))
    variables = model.init(jax.random.key(0), xs[0])
    score = model.apply(variables, xs, jnp.array([0, 1, 0, 1]), method="evaluate")
    score.block_until_ready()
    return None
