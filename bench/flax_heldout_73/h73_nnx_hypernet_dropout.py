# label: trace-context
# flax-error: TraceContextError: Cannot mutate RngCount from a different trace level (https://flax.readthedocs.io/en/latest/api_reference/flax.errors.html#flax.errors.TraceContextError)
# class: 3 module-level generate_all() receives the NNX hypernetwork; the raw jax.lax.while_loop body calls it with an nnx.Dropout in training mode (RngCount written each task)
"""Task-conditioned hypernetwork (von Oswald et al. 2020 style) with dropout on the task
embedding; weights for every task are generated in a loop for a joint regulariser."""
import jax
import jax.numpy as jnp
from flax import nnx


class TaskHypernet(nnx.Module):
    def __init__(self, n_tasks, emb_dim, target_in, target_out, *, rngs: nnx.Rngs):
        self.task_emb = nnx.Embed(n_tasks, emb_dim, rngs=rngs)
        self.drop = nnx.Dropout(0.2, rngs=rngs)
        self.hidden = nnx.Linear(emb_dim, 64, rngs=rngs)
        self.head = nnx.Linear(64, target_in * target_out, rngs=rngs)
        self.shape = (target_in, target_out)

    def __call__(self, task_id):
        e = self.drop(self.task_emb(task_id))
        return self.head(nnx.relu(self.hidden(e))).reshape(self.shape)


def generate_all(hnet, n_tasks):
    def cond(state):
        return state[0] < n_tasks

    def body(state):
        t, weights = state
        return t + 1, weights.at[t].set(hnet(t))

    weights = jnp.zeros((n_tasks, *hnet.shape))
    _, weights = jax.lax.while_loop(cond, body, (0, weights))
    return weights


def main():
    hnet = TaskHypernet(4, 8, 6, 3, rngs=nnx.Rngs(params=0, dropout=1))
    weights = generate_all(hnet, 4)
    reg = jnp.sum(weights ** 2)
    jax.block_until_ready(reg)
    return None


if __name__ == "__main__":
    main()
