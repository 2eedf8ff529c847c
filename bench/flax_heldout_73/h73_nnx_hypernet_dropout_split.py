# label: ok
# flax-error: none
# class: 3 module-level generate_all() splits the NNX hypernetwork into graphdef and state; the state (with the dropout RngState) rides in the raw while_loop carry and is merged in the body
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
    graphdef, hstate = nnx.split(hnet)

    def cond(state):
        return state[0] < n_tasks

    def body(state):
        t, weights, hstate = state
        model = nnx.merge(graphdef, hstate)
        weights = weights.at[t].set(model(t))
        return t + 1, weights, nnx.state(model)

    weights = jnp.zeros((n_tasks, *hnet.shape))
    _, weights, hstate = jax.lax.while_loop(cond, body, (0, weights, hstate))
    nnx.update(hnet, hstate)
    return weights


def main():
    hnet = TaskHypernet(4, 8, 6, 3, rngs=nnx.Rngs(params=0, dropout=1))
    weights = generate_all(hnet, 4)
    reg = jnp.sum(weights ** 2)
    jax.block_until_ready(reg)
    return None


if __name__ == "__main__":
    main()
