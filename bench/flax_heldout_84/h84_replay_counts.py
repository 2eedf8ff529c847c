# label: modify-scope
# flax-error: ModifyScopeVariableError: Cannot update variable "seen" in "/" because collection "replay" is immutable. (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.ModifyScopeVariableError)
# class: 4 module-level replay pass receives the model and its variables; the scan body calls model.apply, which bumps a 'replay' counter collection
"""Continual learning with experience replay: a replay pass over stored batches of earlier tasks."""
import jax
import jax.numpy as jnp
import flax.linen as nn


class ReplayClassifier(nn.Module):
    n_tasks: int = 3
    n_classes: int = 4

    @nn.compact
    def __call__(self, x, task_id):
        seen = self.variable('replay', 'seen', lambda: jnp.zeros((self.n_tasks,), jnp.int32))
        if not self.is_initializing():
            seen.value = seen.value.at[task_id].add(x.shape[0])
        h = nn.relu(nn.Dense(32)(x))
        heads = nn.Dense(self.n_tasks * self.n_classes)(h).reshape(x.shape[0], self.n_tasks, self.n_classes)
        return heads[:, task_id]


def replay_pass(model, variables, buffer_x, buffer_y, buffer_task):
    def body(loss, batch):
        x, y, t = batch
        logits = model.apply(variables, x, t)
        ll = jnp.take_along_axis(jax.nn.log_softmax(logits), y[:, None], axis=-1)
        return loss - ll.mean(), None

    loss, _ = jax.lax.scan(body, 0.0, (buffer_x, buffer_y, buffer_task))
    return loss / buffer_x.shape[0]


def main():
    model = ReplayClassifier()
    bx = jax.random.normal(jax.random.PRNGKey(1), (6, 8, 5))
    by = jax.random.randint(jax.random.PRNGKey(2), (6, 8), 0, 4)
    bt = jnp.array([0, 1, 2, 0, 1, 2])
    variables = model.init(jax.random.PRNGKey(0), bx[0], 0)
    print(float(replay_pass(model, variables, bx, by, bt)))
    return None
